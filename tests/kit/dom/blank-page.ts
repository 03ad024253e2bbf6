// The component test files of a worker share one page and their modules (the dom project runs
// with `isolate: false`: importing Svelte and the screens once per worker instead of once per
// file took most of the suite's time). Each file starts on a blank page with empty storage.
document.body.innerHTML = '';
localStorage.clear();
sessionStorage.clear();
