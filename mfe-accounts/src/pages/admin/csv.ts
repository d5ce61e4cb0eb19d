// The CSV export lives in @portal/ui (one helper for every export, with formula-injection escaping).
export { csvField, datedFileName, downloadText, toCsv, type CsvColumn } from '@portal/ui';
