import { chromium } from '@playwright/test';
const tracing = process.argv[2] === 'trace';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const sizes = [{width:1280,height:800},{width:1366,height:768},{width:844,height:390},{width:390,height:844},{width:1920,height:1080}];
const drawn = (p) => p.evaluate(`new Promise((r) => { requestAnimationFrame(() => r(true)); setTimeout(() => r(false), 1500); })`);
async function run(id) {
  const ctx = await b.newContext({ viewport: sizes[3], reducedMotion: 'reduce' });
  if (tracing) await ctx.tracing.start({ screenshots: true, snapshots: true });
  const p = await ctx.newPage();
  await p.setContent('<div id=x style="height:50vh;background:red">hello</div><button id=b>b</button>');
  let fails = 0;
  for (let i = 0; i < 400; i++) {
    await p.evaluate(`document.getElementById('x').textContent = 'v' + ${i}`);
    for (const s of sizes) { await p.setViewportSize(s); await p.evaluate('document.body.getBoundingClientRect().height'); }
    if (!(await drawn(p))) { fails++; console.log(id, 'no frame at', i); break; }
  }
  console.log(id, 'done', fails);
}
await Promise.all([0,1,2,3,4,5].map(run));
await b.close();
