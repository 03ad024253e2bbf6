// The one way the host says no: a stable code for clients, a message for people and logs.
import type { ErrorCode } from '../../../shared/protocol/errors';
import type { Refusal } from '../../../shared/protocol/events';

export const refuse = (code: ErrorCode, message: string = code): Refusal => ({ ok: false, code, message });
