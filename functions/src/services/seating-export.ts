// The caterer's CSV of a seating chart (docs/api.md, "Seating"): built by the function from
// the same bounded read as the chart screen (services/seating.ts, `seatingWithEvent`), whole
// before it is sent, so a failed read answers an error instead of a cut-off file.
import { seatingCsv, seatingCsvFileName } from '@gatherly/domain/seating-csv';
import type { Caller } from '../caller.ts';
import type { Download } from '../http.ts';
import { seatingWithEvent, type ChartRef } from './seating.ts';

/** The caterer's list: table, guest, child, party, each answer (admins). */
export async function seatingCsvDownload(caller: Caller, ref: ChartRef): Promise<Download> {
  const { seating, eventName } = await seatingWithEvent(caller, ref);
  const csv = seatingCsv(seating.chart, seating.questions, seating.answers);
  return {
    fileName: seatingCsvFileName(eventName, seating.item.title),
    contentType: 'text/csv; charset=utf-8',
    write: async (out) => {
      out.end(csv);
    },
  };
}
