// Prints the game record (record-format.md) of a table, read from its file in the host's data
// directory as the host reads it; run under tsx (Playwright's loader cannot import the card
// set's JSON). Usage: table-record.ts DATA_DIR TABLE_ID
import { recordFromDisk } from '../host/records';

const [dataDir, tableId] = process.argv.slice(2);
if (!dataDir || !tableId) throw new Error('usage: table-record.ts DATA_DIR TABLE_ID');
process.stdout.write(JSON.stringify(recordFromDisk(dataDir, tableId).record));
