// YAML for the data files, read fast (docs/decisions/069-data-yaml-fast-path.md). js-yaml reads
// the 10,000-city cities.yaml (11.5 MB) in 0.39 s where `yaml` takes 4.4 s, so the build's data
// read no longer decides its length. `yaml` stays for what it does better: when js-yaml refuses a
// document, `yaml` reads it again, and either reads it (a document only it accepts) or throws its
// error with the line, the column and the source line under a caret, as before.
//
// Same values as `yaml`'s YAML 1.2 core schema: js-yaml's own core schema differs on a few plain
// scalars (0b101 and -0x1 are numbers to it and strings to the spec; +.5 and -.5 strings to it and
// numbers to the spec; an empty document undefined, not null). So the schema below resolves null,
// bool, int and float with `yaml`'s own patterns and parsers. parseYaml.test.ts holds both readers to the same values on every data file and on
// the edge cases.
import jsYaml from 'js-yaml'
import YAML from 'yaml'

const scalar = (name: string, test: RegExp, construct: (text: string) => unknown, predicate: (value: unknown) => boolean) =>
  new jsYaml.Type(`tag:yaml.org,2002:${name}`, {
    kind: 'scalar',
    resolve: (data: unknown) => typeof data === 'string' && test.test(data),
    construct,
    predicate,
  })

/** The YAML 1.2 core schema, as the `yaml` package resolves it (its schema/common/null.js and
 * schema/core/bool.js, int.js and float.js): the same patterns, the same parsers. */
const coreSchema = jsYaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    scalar('null', /^(?:~|[Nn]ull|NULL)?$/, () => null, (value) => value === null),
    scalar('bool', /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === 't' || text[0] === 'T', (value) => typeof value === 'boolean'),
    scalar(
      'int',
      /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/,
      (text) => (text.startsWith('0o') ? parseInt(text.slice(2), 8) : text.startsWith('0x') ? parseInt(text.slice(2), 16) : parseInt(text, 10)),
      (value) => Number.isInteger(value),
    ),
    scalar(
      'float',
      /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      (text) => (/nan$/i.test(text) ? NaN : /inf$/i.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : parseFloat(text)),
      (value) => typeof value === 'number',
    ),
  ],
})

/** One YAML document's value, as `yaml`'s YAML.parse gives it (null for an empty document); throws
 * `yaml`'s error, with line and column, for a document neither reads. */
export function parseYaml(text: string): unknown {
  let value: unknown
  try {
    value = jsYaml.load(text, { schema: coreSchema })
  } catch {
    return YAML.parse(text, { prettyErrors: true })
  }
  return value === undefined ? null : detached(value)
}

/** `value` with each string of 13 characters or more copied. js-yaml's scalars are slices of the
 * document, and V8 keeps a slice's whole parent alive: at 10,000 cities the 11 MB text of
 * cities.yaml stayed in the build's heap through the whole pre-render, held by the cities' names,
 * URLs and copy (docs/decisions/215-build-memory-2.md). Shorter strings are copies already. */
function detached(value: unknown): unknown {
  if (typeof value === 'string') return value.length >= 13 ? (' ' + value).slice(1) : value
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = detached(value[i])
    return value
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) record[key] = detached(record[key])
  }
  return value
}
