/**
 * @module sql/json-documents — many JSON documents as one parameter: a JSON array of them,
 * sent as it is and taken apart by the server, in order. `pg` would send a `json[]` as an
 * array literal, quoting and escaping every `"` of every document, which cost the process a
 * pass over each document and the socket a byte more for each quote.
 */

/** `texts` (each a JSON document, from `JSON.stringify`) as one JSON array. */
export const jsonDocuments = (texts: readonly string[]): string => `[${texts.join(",")}]`;

/** In SQL: the `json[]` of the documents that parameter `param` (a `jsonDocuments`) holds. */
export const jsonArrayOf = (param: string): string =>
  `ARRAY(SELECT d FROM json_array_elements(${param}::json) WITH ORDINALITY AS t(d, n) ORDER BY n)`;
