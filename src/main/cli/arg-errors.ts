// Node's parseArgs errors in the words of a command line: which option or word was wrong, and
// what it needs.

/** One line for a parseArgs error (or any error: its message). */
export function argumentError(e: unknown): string {
  const { code, message } = e as { code?: string; message: string };
  const option = /'(--?[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `there is no option ${option ?? message}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return /argument missing/.test(message) ? `${option} needs a value` : `${option} takes no value`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected word "${/'([^']*)'/.exec(message)?.[1] ?? ''}"`;
  return message;
}
