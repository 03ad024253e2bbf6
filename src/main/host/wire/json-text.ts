// A value serialised ahead of its sending: the host serialises a move's views while the table
// file is flushed, so that once the flush is done only the writes to the network remain.
// The host's Socket.IO parser (wire.ts) sends the text as it is.

/** The JSON text of a `T`, sent as that value. */
export class JsonText<T> {
  /** Never set: ties the text to the type it was made from. */
  declare private readonly of: T;

  private constructor(readonly text: string) {}

  static of<T>(value: T): JsonText<T> {
    return new JsonText<T>(JSON.stringify(value));
  }

  /** A text already written as `JSON.stringify` writes a `T` (shared-json.ts writes such texts). */
  static written<T>(text: string): JsonText<T> {
    return new JsonText<T>(text);
  }
}
