// Copy link from a tap: the Clipboard API where the page has it, else (plain http on a phone)
// the copy command on a selected field; the button says "Copied" only when something copied,
// and otherwise says it could not and selects the link (never a silent button).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushSync, mount } from 'svelte';
import QrCode from '../../../../src/renderer/src/components/ui/QrCode.svelte';
import { copyText } from '../../../../src/renderer/src/lib/links/copy-text';
import { clearPage } from '../../../kit/dom/page';

const LINK = 'http://192.168.1.20:7420/?table=abc';
let app: ReturnType<typeof mount> | undefined;
afterEach(() => {
  app = clearPage(app);
  // Own properties set by a test; the document and navigator fall back to their own.
  Reflect.deleteProperty(document, 'execCommand');
  Reflect.deleteProperty(navigator, 'clipboard');
});

/** A page over plain http: no Clipboard API (happy-dom has one). */
const overHttp = (): void => void Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });

/** The copy command as a browser runs it (happy-dom has none): copies the focused field's selected text, or refuses. */
function copyCommand(result: boolean | 'throws') {
  const copied: string[] = [];
  const spy = vi.fn((command: string) => {
    expect(command).toBe('copy');
    const field = document.activeElement as HTMLTextAreaElement;
    copied.push(field.value.slice(field.selectionStart, field.selectionEnd));
    if (result === 'throws') throw new Error('not allowed');
    return result;
  });
  Object.defineProperty(document, 'execCommand', { value: spy, configurable: true });
  return { copied, spy };
}

describe('copyText', () => {
  it('uses the Clipboard API where the page has it', async () => {
    const writeText = vi.fn(async () => {});
    const { spy } = copyCommand(true);
    expect(await copyText(LINK, { clipboard: { writeText } })).toBe(true);
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(spy).not.toHaveBeenCalled();
  });

  it('over plain http (no clipboard API) copies the selected text of a field it adds and removes, focus back on the button', async () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    const { copied } = copyCommand(true);
    expect(await copyText(LINK, {})).toBe(true);
    expect(copied).toEqual([LINK]);
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('falls back to the copy command when the Clipboard API refuses', async () => {
    const { copied } = copyCommand(true);
    expect(await copyText(LINK, { clipboard: { writeText: () => Promise.reject(new Error('denied')) } })).toBe(true);
    expect(copied).toEqual([LINK]);
  });

  it('says so when nothing could copy', async () => {
    copyCommand(false);
    expect(await copyText(LINK, {})).toBe(false);
    copyCommand('throws');
    expect(await copyText(LINK, {})).toBe(false);
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('Copy link', () => {
  it('when it could not copy, says so and selects the link to copy by hand', async () => {
    overHttp();
    copyCommand(false);
    app = mount(QrCode, { target: document.body, props: { url: LINK } });
    flushSync();
    document.querySelector<HTMLButtonElement>('[data-testid="copy-link"]')!.click();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="copy-failed"]')).not.toBeNull());
    expect(document.querySelector('[data-testid="copy-failed"]')!.textContent).toContain('Could not copy');
    expect(document.querySelector('[data-testid="copy-link"]')!.textContent).toBe('Copy link');
    expect(getSelection()?.toString()).toBe(LINK);
  });

  it('says Copied when it did', async () => {
    overHttp();
    const { copied } = copyCommand(true);
    app = mount(QrCode, { target: document.body, props: { url: LINK } });
    flushSync();
    document.querySelector<HTMLButtonElement>('[data-testid="copy-link"]')!.click();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="copy-link"]')!.textContent).toBe('Copied'));
    expect(copied).toEqual([LINK]);
    expect(document.querySelector('[data-testid="copy-failed"]')).toBeNull();
  });
});
