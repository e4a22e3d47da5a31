// The `yaml` package as content is read with it (front matter, `_category_` files): loaded the first
// time it is needed, and every map checked for a repeated key in one pass. The package's own check
// (`uniqueKeys`) compares each key with every key before it in its map: a front matter of 100,000
// keys took minutes.
import { createRequire } from "node:module";
import type * as Yaml from "yaml";

let yamlPackage: typeof Yaml | undefined;
export const yaml = (): typeof Yaml => (yamlPackage ??= createRequire(import.meta.url)("yaml") as typeof Yaml);

type ParseOptions = Yaml.ParseOptions & Yaml.DocumentOptions & Yaml.SchemaOptions;

/**
 * Parses YAML as `parseDocument` does with `uniqueKeys: true`: a key repeated in a map is an error
 * in `errors` ("Map keys must be unique", at the repeated key), found with one set per map.
 */
export function parseYamlDocument(text: string, options: ParseOptions = {}): Yaml.Document.Parsed {
  const { parseDocument, visit, isScalar, YAMLParseError, LineCounter } = yaml();
  // As parseDocument does: errors say their line and column unless prettyErrors is false.
  const pretty = options.prettyErrors !== false;
  const lineCounter = options.lineCounter ?? (pretty ? new LineCounter() : undefined);
  const document = parseDocument(text, { ...options, lineCounter, uniqueKeys: false });
  if (document.errors.length) return document;
  visit(document, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        // Keys that are collections are never equal to another (yaml compares them by identity).
        if (!isScalar(pair.key)) continue;
        const value = pair.key.value;
        if (seen.has(value) && !Number.isNaN(value)) {
          const at = pair.key.range?.[0] ?? 0;
          const { line, col } = lineCounter?.linePos(at) ?? { line: 0, col: 0 };
          const where = pretty ? ` at line ${line}, column ${col}` : "";
          document.errors.push(new YAMLParseError([at, at + 1], "DUPLICATE_KEY", `Map keys must be unique${where}`));
          return visit.BREAK;
        }
        seen.add(value);
      }
    },
  });
  return document;
}

/** The value of a YAML text (as `yaml.parse`), throwing its first error; aliases may expand `maxAliasCount` times. */
export function parseYaml(text: string, maxAliasCount: number): unknown {
  const document = parseYamlDocument(text);
  if (document.errors.length) throw document.errors[0];
  return document.toJS({ maxAliasCount });
}
