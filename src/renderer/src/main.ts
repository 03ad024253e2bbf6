// Renderer entry: mounts the Svelte 5 app. Runs in Electron's window and in any LAN browser.
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';

const target = document.getElementById('app');
if (!target) throw new Error('Chronicle: #app element missing from index.html');

export default mount(App, { target });
