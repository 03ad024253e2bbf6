// Saving a file from the page: a game record as `.chronicle.json` (record-format.md).
import type { GameRecord } from '../../../../shared/rules/record/record';

/** A file name from the table's name and the date: letters, digits and dashes only. */
export function recordFileName(tableName: string, date: Date): string {
  const base =
    tableName
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'game';
  return `${base}-${date.toISOString().slice(0, 10)}.chronicle.json`;
}

export function downloadRecord(record: GameRecord, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(record, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
