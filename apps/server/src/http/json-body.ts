import type { FastifyInstance } from 'fastify';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The API's own bodies nest 4 levels and a wallet's
 * JSON-RPC calls (a batch of eth_call with state overrides) about 8; parsing and re-serialising thousands of levels
 * only exhausts the stack.
 */
export const JSON_DEPTH_MAX = 32;

/**
 * Every JSON body, on every route, goes through Fastify's own parser (prototype-poisoning checks included) after
 * one pass that refuses it with HTTP 400 when it nests deeper than JSON_DEPTH_MAX.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text) > JSON_DEPTH_MAX) {
      return done(Object.assign(new Error(`JSON nested deeper than ${JSON_DEPTH_MAX} levels`), { statusCode: 400 }));
    }
    return parse(request, text, done);
  });
}

/** How deep the arrays and objects of `text` nest (brackets inside strings do not count); well-formed or not. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '[' || char === '{') {
      deepest = Math.max(deepest, ++depth);
    } else if (char === ']' || char === '}') {
      depth--;
    }
  }
  return deepest;
}
