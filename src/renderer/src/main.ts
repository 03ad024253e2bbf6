// Renderer entry: connects to the host that served this page (Socket.IO on the same port) and
// mounts the app. Runs in Electron's window and in any LAN browser.
import { mount } from 'svelte';
import { PROTOCOL_VERSION } from '../../shared/protocol/version';
import App from './App.svelte';
import { connect } from './lib/connection/connect';
import { createSocket } from './lib/connection/socket';
import { deviceId } from './lib/connection/device-id';
import { i18n, loadLanguage } from './lib/i18n/index.svelte';
import { isBoardLocation } from './lib/links/board-link';
import { inviteFromLocation, tableIdFromLocation } from './lib/links/join-link';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('Chronicle: #app element missing from index.html');

document.documentElement.lang = i18n.lang;
const origin = window.location.origin;
const linkedTable = tableIdFromLocation(window.location);
// A shared board watches its table; it never sits down, even on a device holding a seat there.
const board = linkedTable !== null && isBoardLocation(window.location);
if (board) document.documentElement.classList.add('board-mode');
const connection = connect(createSocket(origin, { protocolVersion: PROTOCOL_VERSION, device: deviceId() }), { resumeTable: board ? null : linkedTable });

// The invite goes only with the table it came with.
const linkedInvite = linkedTable ? inviteFromLocation(window.location) : null;

// The first render waits for the chosen language's messages (fetched while the connection to
// the host opens), so the page never shows another language first.
void loadLanguage(i18n.lang).then(() => mount(App, { target, props: { connection, origin, linkedTable, linkedInvite, board } }));
