import { OrderMessages } from '@portal/contracts';
import { Problem } from '@portal/service-kit';

/** The spec's spreadsheet message (orders §8 "Spreadsheet"): "Unable to process spreadsheet: {message}". */
export const spreadsheetMessage = OrderMessages.spreadsheetFailed;

/** A file the upload cannot read at all (format, headings, row count): a 4xx problem, no row looked at. */
export class BulkFileError extends Problem {
  constructor(
    readonly reason: string,
    status = 400,
  ) {
    super(status, spreadsheetMessage(reason));
    this.name = 'BulkFileError';
  }
}

/** The spec's message for an unfound destination (orders §5 "Bulk upload"), word for word. */
export const DESTINATION_NOT_FOUND = OrderMessages.bulkDestinationNotFound;
