/** A rendered mail, ready for the transport. */
export interface Mail {
  subject: string;
  html: string;
  text: string;
}
