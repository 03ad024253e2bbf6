// The payload schema of every IPC channel of the preload bridge. The main process checks each
// message against these before acting (a compromised page could send anything).
import { z } from 'zod';
import { IPC } from './bridge';

const none = z.undefined();

export const IPC_SCHEMAS = {
  [IPC.appInfo]: none,
  [IPC.networkTablesNow]: none,
  [IPC.findNetworkTables]: none,
  [IPC.networkState]: none,
  [IPC.setNetwork]: z.strictObject({ open: z.boolean(), always: z.boolean().optional() }),
  [IPC.yourTurn]: z.strictObject({ title: z.string().min(1).max(100), body: z.string().max(300) }),
  [IPC.desktopSettings]: none,
  [IPC.setDesktopSettings]: z.strictObject({ turnNotice: z.boolean().optional(), askBeforeQuit: z.boolean().optional() }),
} as const satisfies Record<string, z.ZodType>;

export type IpcChannel = keyof typeof IPC_SCHEMAS;
export type IpcPayload<C extends IpcChannel> = z.infer<(typeof IPC_SCHEMAS)[C]>;
