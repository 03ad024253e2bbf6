// The window sizes people bring to a game night (issue 30): phones upright from 360x740, one on
// its side, two laptops and a TV. The layout specs check their screens at each.
export const SIZES_PEOPLE_BRING = [
  { width: 360, height: 740 },
  { width: 360, height: 800 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
  { width: 844, height: 390 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
