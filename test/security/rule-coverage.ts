// After the suite: the Firestore emulator's rule coverage report (what every expression of
// firestore.rules evaluated to), saved where `coverage/` is git-ignored, so rule lines no case
// exercises are visible. Works against the offline and the official emulator alike.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'coverage');

interface Node {
  values?: { value: Record<string, unknown> }[];
  children?: Node[];
}

const ran = (n: Node): boolean => (n.values ?? []).length > 0;

export async function saveRuleCoverage(
  firestore: { host: string; port: number },
  projectId: string,
): Promise<void> {
  const base = `http://${firestore.host}:${firestore.port}/emulator/v1/projects/${projectId}:ruleCoverage`;
  const [json, html] = await Promise.all([fetch(base), fetch(`${base}.html`)]);
  if (!json.ok || !html.ok) {
    console.log(`rule coverage: not available (HTTP ${json.status})`);
    return;
  }
  const report = (await json.json()) as { report: Node[] };
  await mkdir(OUT, { recursive: true });
  await writeFile(path.join(OUT, 'firestore-rules.json'), JSON.stringify(report, null, 2));
  await writeFile(path.join(OUT, 'firestore-rules.html'), await html.text());
  let expressions = 0;
  let evaluated = 0;
  const walk = (n: Node): void => {
    expressions++;
    if (ran(n)) evaluated++;
    for (const child of n.children ?? []) walk(child);
  };
  report.report.forEach(walk);
  // Boolean conditions (not literals like `if false`) that never went both ways.
  const oneSided = report.report.filter((n) => {
    const outcomes = new Set((n.values ?? []).map((v) => JSON.stringify(v.value)));
    const boolean = [...outcomes].every((o) => o === '{}' || o.startsWith('{"boolValue"'));
    const both = outcomes.has('{"boolValue":true}') && outcomes.has('{"boolValue":false}');
    return ran(n) && (n.children ?? []).length > 0 && boolean && !both;
  }).length;
  console.log(
    `rule coverage: ${evaluated} of ${expressions} expressions evaluated; ` +
      `${report.report.filter(ran).length} of ${report.report.length} conditions and functions ran, ` +
      `${oneSided} never both true and false; ` +
      `report: ${path.relative(process.cwd(), path.join(OUT, 'firestore-rules.html'))}`,
  );
}
