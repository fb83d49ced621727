/**
 * The HTML of Gatherly's e-mails. Mail clients support little CSS (Outlook renders with Word,
 * Gmail drops <style> in many views), so layout is nested tables with inline styles, widths in
 * attributes as well as styles, and no remote assets: no images, fonts or stylesheets to load,
 * nothing that tracks the reader. Every piece of text from people (event names, messages) passes
 * through `escapeHtml`; helpers take plain text and escape it themselves, and return `Html`, the
 * one type that holds markup.
 */

/** Markup built by these helpers (already escaped), told apart from plain text by its type. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Markup from trusted pieces only. */
function html(markup: string): Html {
  return new Html(markup);
}

const textOrMarkup = (value: string | Html) =>
  value instanceof Html ? value.markup : escapeHtml(value);

export const COLORS = {
  brand: '#6236ff',
  text: '#1f2937',
  // Reads at 4.5:1 on the e-mail's grey page as well as on white.
  muted: '#4b5563',
  page: '#f4f4f7',
  card: '#ffffff',
  rule: '#e5e7eb',
} as const;

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

/** Links go only to http(s) addresses; anything else becomes inert. */
export function safeHref(url: string): string {
  return /^https?:\/\/[^\s]+$/i.test(url) ? url : '#';
}

/** A paragraph of plain text; line breaks are kept. */
export function paragraph(text: string, style = ''): Html {
  const body = escapeHtml(text).replace(/\r?\n/g, '<br>');
  return html(`<p style="margin:0 0 16px;${style}">${body}</p>`);
}

/** Plain text and trusted inline markup (links, bold) run together. */
export function inline(pieces: ReadonlyArray<string | Html>): Html {
  return html(pieces.map(textOrMarkup).join(''));
}

/** A paragraph mixing plain text and trusted inline markup. */
export function paragraphOf(pieces: ReadonlyArray<string | Html>, style = ''): Html {
  return html(`<p style="margin:0 0 16px;${style}">${inline(pieces).markup}</p>`);
}

/** Bold inline text. */
export function strong(text: string): Html {
  return html(`<strong>${escapeHtml(text)}</strong>`);
}

export function link(href: string, label: string, color: string = COLORS.brand): Html {
  return html(
    `<a href="${escapeHtml(safeHref(href))}" target="_blank" style="color:${color};text-decoration:underline;">${escapeHtml(label)}</a>`,
  );
}

/** A "bulletproof" button: a coloured table cell around the link, so Outlook draws it too. */
export function button(href: string, label: string): Html {
  const target = escapeHtml(safeHref(href));
  return html(
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">` +
      `<tr><td align="center" bgcolor="${COLORS.brand}" style="border-radius:6px;background-color:${COLORS.brand};">` +
      `<a href="${target}" target="_blank" style="display:inline-block;padding:12px 28px;${FONT}font-size:16px;line-height:20px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(label)}</a>` +
      `</td></tr></table>`,
  );
}

/** The link under a button for clients that block it. */
export function fallbackLink(href: string): Html {
  return html(
    `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${COLORS.muted};">` +
      `If the button does not work, copy this address into your browser:<br>` +
      `<span style="word-break:break-all;">${escapeHtml(safeHref(href))}</span></p>`,
  );
}

export interface DetailRow {
  label: string;
  /** Plain text, or trusted markup (a link). */
  value: string | Html;
  /** A second, muted line (e.g. the item's description). */
  note?: string;
}

/** Label / value rows ("When", "Where"), two columns that stay readable on phones. */
export function details(rows: readonly DetailRow[]): Html {
  if (rows.length === 0) return html('');
  const cells = rows
    .map((row) => {
      const value = textOrMarkup(row.value);
      const note = row.note
        ? `<br><span style="font-size:14px;color:${COLORS.muted};">${escapeHtml(row.note).replace(/\r?\n/g, '<br>')}</span>`
        : '';
      return (
        `<tr><td valign="top" width="112" style="width:112px;padding:8px 12px 8px 0;${FONT}font-size:14px;line-height:22px;color:${COLORS.muted};">${escapeHtml(row.label)}</td>` +
        `<td valign="top" style="padding:8px 0;${FONT}font-size:16px;line-height:22px;color:${COLORS.text};word-break:break-word;">${value}${note}</td></tr>`
      );
    })
    .join('');
  return html(
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 16px;border-top:1px solid ${COLORS.rule};border-bottom:1px solid ${COLORS.rule};">${cells}</table>`,
  );
}

/** A quoted message (an announcement's text). */
export function quote(text: string): Html {
  const body = escapeHtml(text).replace(/\r?\n/g, '<br>');
  return html(
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 20px;">` +
      `<tr><td style="border-left:4px solid ${COLORS.brand};padding:4px 0 4px 16px;${FONT}font-size:16px;line-height:24px;color:${COLORS.text};word-break:break-word;">${body}</td></tr></table>`,
  );
}

export interface EmailLayout {
  /** The <title>: the subject. */
  title: string;
  /** The preview line inbox lists show after the subject. */
  preheader: string;
  heading: string;
  body: readonly Html[];
  /** Small print under the card (why the person got this, unsubscribe). */
  footer: readonly Html[];
}

/**
 * Non-ASCII characters (dashes, accents, emoji in names) as numeric references, so the HTML
 * reads right even where a client or viewer ignores the declared charset.
 */
function asciiOnly(markup: string): string {
  return markup.replace(/[^\p{ASCII}]/gu, (c) => `&#${c.codePointAt(0) ?? 63};`);
}

/** A whole e-mail: brand line, white card with heading and body, small print. */
export function renderEmail(layout: EmailLayout): string {
  return asciiOnly(renderLayout(layout));
}

function renderLayout(layout: EmailLayout): string {
  const footer = layout.footer
    .map(
      (f) =>
        `<p style="margin:0 0 8px;${FONT}font-size:12px;line-height:18px;color:${COLORS.muted};">${f.markup}</p>`,
    )
    .join('');
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light">` +
    `<title>${escapeHtml(layout.title)}</title></head>` +
    `<body style="margin:0;padding:0;background-color:${COLORS.page};">` +
    `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(layout.preheader)}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLORS.page}" style="width:100%;background-color:${COLORS.page};">` +
    `<tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">` +
    `<tr><td style="padding:0 4px 16px;${FONT}font-size:20px;line-height:28px;font-weight:bold;color:${COLORS.brand};">Gatherly</td></tr>` +
    `<tr><td bgcolor="${COLORS.card}" style="background-color:${COLORS.card};border-radius:8px;padding:32px 28px 16px;${FONT}font-size:16px;line-height:24px;color:${COLORS.text};word-break:break-word;">` +
    `<h1 style="margin:0 0 16px;${FONT}font-size:22px;line-height:30px;font-weight:bold;color:${COLORS.text};">${escapeHtml(layout.heading)}</h1>` +
    layout.body.map((b) => b.markup).join('') +
    `</td></tr>` +
    `<tr><td style="padding:16px 4px;">${footer}</td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}
