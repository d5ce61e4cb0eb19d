// The answers nginx makes itself, as problem+json like every service's (the services' own errors pass through
// untouched): the error_page lines of the server and the internal locations that answer them.
export const problemJson = (status, title, detail) =>
  JSON.stringify({ type: 'about:blank', title, status, detail, message: detail, error: detail });
const EDGE_ERRORS = [
  [400, 'Bad Request', 'The request could not be read.'],
  [408, 'Request Timeout', 'The request took too long to arrive.'],
  [413, 'Payload Too Large', 'The request body is too large.'],
  [414, 'URI Too Long', 'The address is too long.'],
  [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
  [500, 'Internal Server Error', 'Internal Server Error'],
  [502, 'Bad Gateway', 'The service is not reachable. Please try again in a moment.'],
  [503, 'Service Unavailable', 'The service is not available. Please try again in a moment.'],
  [504, 'Gateway Timeout', 'The service took too long to answer. Please try again.'],
];
// Internal URI locations, not named ones: nginx cannot redirect a request whose request line it failed to read
// (414) to a named location (it answers 500 "empty URI in redirect to named location").
export const errorLocation = (name, code, title, detail) =>
  `    location = /__edge_error/${name} { internal; default_type application/problem+json; ` +
  `return ${code} '${problemJson(code, title, detail)}'; }`;
export const edgeErrorPages =
  EDGE_ERRORS.map(
    ([code]) => `    error_page ${code}${code === 431 ? ' 494' : ''} /__edge_error/${code};`,
  ).join('\n') +
  '\n' +
  EDGE_ERRORS.map(([code, title, detail]) => errorLocation(code, code, title, detail)).join('\n');
