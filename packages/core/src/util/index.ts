/** @module util — small shared pieces: entity tags, read-only values, option checks. */
export type { OptionIssue, SchemaCovers } from "./option-checks";
export {
  aBoolean,
  aFunction,
  aNonEmptyString,
  checkOptions,
  InvalidOptionsError,
  optionsObject,
  satisfying,
} from "./option-checks";
