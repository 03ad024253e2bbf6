// Refusals as the player reads them: a PIN table joined with the PIN field empty says that the
// table needs a PIN (not "Wrong PIN"), in every language.
import { afterEach, describe, expect, it } from 'vitest';
import { noticeFor } from '../../../../src/renderer/src/lib/connection/errors';
import { i18n, t } from '../../../../src/renderer/src/lib/i18n/index.svelte';

describe('refusal notices', () => {
  afterEach(() => i18n.set('en'));

  it.each([
    ['en', 'This table needs a PIN'],
    ['hu', 'Ehhez az asztalhoz PIN kell'],
    ['fr', 'Cette table demande un code'],
  ] as const)('PIN_REQUIRED in %s says the table needs a PIN', (lang, words) => {
    i18n.set(lang);
    const notice = noticeFor('PIN_REQUIRED');
    expect(t(notice.key)).toContain(words);
    expect(t(notice.key)).not.toBe(t(noticeFor('WRONG_PIN').key));
  });
});
