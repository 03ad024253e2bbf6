// The app's identity on Windows (its AppUserModelID): Windows groups the taskbar button and the
// notifications of a process under it, and names a notification after the Start menu shortcut
// carrying the same ID. electron-builder's installer gives its shortcut the appId of
// electron-builder.json, so the app must set exactly that, or a turn notice shows under
// "electron.app.Chronicle" (or nothing at all). tests/main/shell/app-id.test.ts keeps them equal.
export const APP_ID = 'io.github.chronicle.app';
