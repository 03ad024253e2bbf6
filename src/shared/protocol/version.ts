// The version of the host <-> client protocol. Bump it on any change a client of the previous
// version could not handle; discovery advertises it so clients can filter before connecting.
export const PROTOCOL_VERSION = 1;
