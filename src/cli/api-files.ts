/**
 * Which JSON and YAML files a directory search reads besides those of its
 * extensions: the API descriptions, recognized by their content (an OpenAPI,
 * Swagger or AsyncAPI document, a JSON Schema: ../documents/api-documents),
 * as a directory of them holds package.json, tsconfig.json, CI files and
 * fixtures that are none (issue 45, item 3).
 */
import * as fs from 'fs';
import { apiDocumentKind, structuredFormat } from '../documents/api-documents';

/** A file larger than this is not looked into (read, if named, as any other). */
const LARGEST = 32 * 1024 * 1024;

/** A root key that makes an API description, somewhere in the text: the files without one are not parsed. */
const API_KEY = /["']?(?:openapi|swagger|asyncapi|\$schema)["']?[ \t]*:/;

/** Whether the file at `file` (an absolute path) is an OpenAPI, AsyncAPI or JSON Schema document in JSON or YAML. */
export function isApiDocumentFile(file: string): boolean {
  if (structuredFormat(file) === undefined) return false;
  try {
    if (fs.statSync(file).size > LARGEST) return false;
    const text = fs.readFileSync(file, 'utf8');
    return API_KEY.test(text) && apiDocumentKind(text, file) !== undefined;
  } catch {
    // Not to be read: the search leaves it out, as it leaves out what its extensions do not take.
    return false;
  }
}
