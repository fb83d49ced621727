import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../src/entities/mail.ts';
import { announcementEmail } from '../../src/email/announcements.ts';
import { invitationEmail, type InvitationEmailInput } from '../../src/email/invitation-email.ts';
import { dayOfSummaryEmail, unansweredReminderEmail } from '../../src/email/reminder-emails.ts';
import { unsubscribePage } from '../../src/email/unsubscribe-page.ts';

const invitation: InvitationEmailInput = {
  to: 'guest@example.com',
  eventName: 'Summer Wedding',
  hostName: 'Ann Host',
  role: 'attendee',
  startDate: '2027-06-12T23:00:00.000Z',
  endDate: '2027-06-13T05:00:00.000Z',
  location: 'Napa Valley, CA',
  timeZone: 'America/Los_Angeles',
  acceptUrl: 'https://app.test/invite/abc123',
};

/** Things a mail client would fetch from the network, or run. */
function expectSelfContained(mail: MailMessage): void {
  expect(mail.html).not.toMatch(/<img|<link|<script|<style|src=|url\(|@import/i);
  expect(mail.html).toMatch(/^<!DOCTYPE html>/);
  // Layout is tables with inline styles.
  expect(mail.html).toContain('<table role="presentation"');
  // Characters beyond ASCII are references, whatever charset a client assumes.
  expect(mail.html).toMatch(/^\p{ASCII}*$/u);
}

describe('invitation e-mail', () => {
  it('names the event, the host, the date in the event zone, the place and an Accept button', () => {
    const mail = invitationEmail(invitation);
    expect(mail.subject).toBe('Ann Host invited you to Summer Wedding');
    expect(mail.text).toContain(
      'Ann Host invited you to join "Summer Wedding" on Gatherly as an attendee.',
    );
    expect(mail.text).toContain('When: Saturday, June 12, 2027, 4:00 PM – 10:00 PM PDT');
    expect(mail.text).toContain('Where: Napa Valley, CA');
    expect(mail.text).toContain('Accept the invitation:\nhttps://app.test/invite/abc123');
    expect(mail.html).toContain('Saturday, June 12, 2027, 4:00 PM &#8211; 10:00 PM PDT');
    expect(mail.html).toContain('<strong>Summer Wedding</strong>');
    expect(mail.html).toMatch(
      /<a href="https:\/\/app\.test\/invite\/abc123"[^>]*>Accept invitation<\/a>/,
    );
    expect(mail.html).toContain('Napa%20Valley%2C%20CA');
    expect(mail.headers).toBeUndefined();
    expectSelfContained(mail);
  });

  it('the date follows the zone it is given and defaults to UTC', () => {
    expect(invitationEmail({ ...invitation, timeZone: 'Europe/Lisbon' }).text).toContain(
      'When: Sunday, June 13, 2027, 12:00 AM – 6:00 AM GMT+1',
    );
    const { timeZone: _zone, ...noZone } = invitation;
    expect(invitationEmail(noZone).text).toContain(
      'When: Saturday, June 12, 2027, 11:00 PM UTC – Sunday, June 13, 2027, 5:00 AM UTC',
    );
  });

  it('escapes names that look like markup everywhere in the HTML', () => {
    const mail = invitationEmail({
      ...invitation,
      eventName: '<script>alert(1)</script> & "Party"',
      hostName: '<img src=x onerror=alert(1)>',
      location: '<b>Here</b>',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>Here');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Party&quot;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // Subjects and plain text are not HTML: they keep the characters.
    expect(mail.subject).toContain('<script>alert(1)</script>');
    expectSelfContained({ ...mail, html: mail.html.replace(/&lt;img src=x/g, '') });
  });

  it('names in any script survive as character references', () => {
    const mail = invitationEmail({ ...invitation, eventName: 'Zoë & José 🎉 婚礼' });
    expect(mail.html).toContain('Zo&#235; &amp; Jos&#233; &#127881; &#23130;&#31036;');
    expect(mail.subject).toContain('Zoë & José 🎉 婚礼');
  });

  it('long names: a one-line subject of at most 120 characters; the body keeps the whole name and wraps', () => {
    const long = `The ${'Very '.repeat(60)}Long Wedding`;
    const mail = invitationEmail({ ...invitation, eventName: `${long}\nwith a line break` });
    expect(mail.subject.length).toBeLessThanOrEqual(120);
    expect(mail.subject).toMatch(/…$/);
    expect(mail.subject).not.toContain('\n');
    expect(mail.html).toContain(long);
    expect(mail.html).toContain('word-break:break-word');
  });

  it('without a place or a date: no Where line, "Date TBD"', () => {
    const mail = invitationEmail({ ...invitation, location: '  ', startDate: null, endDate: null });
    expect(mail.text).toContain('When: Date TBD');
    expect(mail.text).not.toContain('Where:');
    expect(mail.html).toContain('Date TBD');
    expect(mail.html).not.toContain('>Where<');
  });

  it('an unnamed host and admin role read naturally', () => {
    const mail = invitationEmail({ ...invitation, hostName: '', role: 'admin' });
    expect(mail.subject).toBe('A Gatherly user invited you to Summer Wedding');
    expect(mail.text).toContain('as an admin.');
  });
});

const item = {
  id: 'dinner',
  title: 'Rehearsal dinner',
  description: 'Smart casual',
  startTime: '2027-06-12T02:00:00.000Z',
  endTime: '2027-06-12T05:00:00.000Z',
  location: 'Oxbow Market',
};
const reminderBase = {
  recipientName: 'Bea',
  eventName: 'Summer Wedding',
  timeZone: 'America/Los_Angeles',
  eventUrl: 'https://app.test/events/e1',
  unsubscribeUrl: 'https://app.test/api/unsubscribe?token=tok',
};

describe('reminder e-mails', () => {
  it('unanswered: what, when in the event zone, where with a map link, and how to answer', () => {
    const mail = unansweredReminderEmail({ ...reminderBase, item });
    expect(mail.subject).toBe('Are you coming to Rehearsal dinner? (Summer Wedding)');
    expect(mail.text).toContain('When: Friday, June 11, 2027, 7:00 PM – 10:00 PM PDT');
    expect(mail.text).toContain(
      'Where: Oxbow Market (map: https://www.google.com/maps/search/?api=1&query=Oxbow%20Market)',
    );
    expect(mail.text).toContain('https://app.test/events/e1');
    expect(mail.html).toContain('Smart casual');
    expectSelfContained(mail);
  });

  it('every reminder carries a one-click unsubscribe link and List-Unsubscribe headers', () => {
    for (const mail of [
      unansweredReminderEmail({ ...reminderBase, item }),
      dayOfSummaryEmail({ ...reminderBase, items: [item] }),
    ]) {
      expect(mail.headers).toEqual({
        'List-Unsubscribe': '<https://app.test/api/unsubscribe?token=tok>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(mail.text).toContain(
        'Unsubscribe from event reminders: https://app.test/api/unsubscribe?token=tok',
      );
      expect(mail.html).toMatch(
        /href="https:\/\/app\.test\/api\/unsubscribe\?token=tok"[^>]*>Unsubscribe from event reminders/,
      );
    }
  });

  it('day-of summary lists each item with its time and place', () => {
    const brunch = {
      ...item,
      id: 'brunch',
      title: 'Brunch',
      startTime: '2027-06-12T17:00:00.000Z',
      endTime: null,
      location: '',
    };
    const mail = dayOfSummaryEmail({ ...reminderBase, items: [item, brunch] });
    expect(mail.subject).toBe('Your plans today at Summer Wedding');
    expect(mail.text).toContain('today, Friday, June 11, 2027.');
    expect(mail.text).toContain(
      '* Rehearsal dinner\n  When: 7:00 PM – 10:00 PM PDT\n  Where: Oxbow Market',
    );
    expect(mail.text).toContain('* Brunch\n  When: 10:00 AM PDT');
    expect(dayOfSummaryEmail({ ...reminderBase, items: [item] }).subject).toBe(
      'Today: Rehearsal dinner (Summer Wedding)',
    );
  });
});

describe('announcement e-mail', () => {
  it('quotes the message escaped, with its line breaks, says who it went to, and can be unsubscribed', () => {
    const mail = announcementEmail({
      recipientName: 'Bea',
      eventName: 'Summer Wedding',
      authorName: 'Ann Host',
      message: 'Shuttle leaves at 3.\n<b>Bring</b> a jacket!',
      audienceLabel: 'Going to Rehearsal dinner',
      eventUrl: 'https://app.test/events/e1',
      unsubscribeUrl: 'https://app.test/api/unsubscribe?token=tok',
    });
    expect(mail.subject).toBe('Summer Wedding: a message from Ann Host');
    expect(mail.html).toContain('Shuttle leaves at 3.<br>&lt;b&gt;Bring&lt;/b&gt; a jacket!');
    expect(mail.text).toContain('Shuttle leaves at 3.\n<b>Bring</b> a jacket!');
    expect(mail.text).toContain('with this answer: Going to Rehearsal dinner.');
    expect(mail.text).toContain(
      'Unsubscribe from announcements from event hosts: https://app.test/api/unsubscribe?token=tok',
    );
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expectSelfContained(mail);
  });
});

describe('unsubscribe page', () => {
  it('asks before it unsubscribes, with a form that posts back', () => {
    const { html } = unsubscribePage({
      state: 'confirm',
      topic: 'reminders',
      formAction: '?token=a"b',
      preferencesUrl: 'https://app.test/profile',
    });
    expect(html).toContain('Unsubscribe from event reminders?');
    expect(html).toContain('<form method="post" action="?token=a&quot;b"');
    expect(html).not.toMatch(/<script|src=/);
  });
  it('explains expired and invalid links and points to the settings', () => {
    expect(
      unsubscribePage({ state: 'expired', preferencesUrl: 'https://app.test/profile' }).html,
    ).toContain('This link has expired');
    const invalid = unsubscribePage({ state: 'invalid', preferencesUrl: 'javascript:alert(1)' });
    expect(invalid.title).toBe('This link is not valid');
    expect(invalid.html).not.toContain('javascript:');
  });
});
