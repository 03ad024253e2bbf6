// Ambient types for the renderer.
/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { ChronicleBridge } from '../../shared/bridge';

declare global {
  interface Window {
    /** Set by the preload script inside Electron; absent in a plain browser. */
    chronicle?: ChronicleBridge;
  }
}
