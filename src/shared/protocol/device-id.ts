// A device id, as a page names itself when it connects (`auth.device`): 128 random bits or
// more, base64url. The host bounds tables, PINs and knocks per device (main/host/guards/devices.ts).
export const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;
