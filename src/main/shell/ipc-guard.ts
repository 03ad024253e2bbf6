// Every IPC message is checked before it is acted on: it must come from the top frame of a page
// on the app's own origin (never a table opened from another host, never an iframe), and its
// payload must match the channel's schema (src/shared/bridge-schemas.ts).
import { IPC_SCHEMAS, type IpcChannel, type IpcPayload } from '../../shared/bridge-schemas';
import { onOrigin } from './url-policy';

/** The part of Electron's IPC event this check reads. */
export interface IpcSender {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

export class IpcRefused extends Error {}

/** The payload, when `event` comes from the app's origin and `payload` fits `channel`; throws otherwise. */
export function checkedPayload<C extends IpcChannel>(channel: C, event: IpcSender, payload: unknown, appOrigin: string): IpcPayload<C> {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null || !onOrigin(frame.url, appOrigin)) throw new IpcRefused(`${channel}: refused a message from another page`);
  const parsed = IPC_SCHEMAS[channel].safeParse(payload);
  if (!parsed.success) throw new IpcRefused(`${channel}: refused a malformed message`);
  return parsed.data as IpcPayload<C>;
}
