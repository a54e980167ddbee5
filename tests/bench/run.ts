/**
 * `npm run bench`: the performance benchmarks (docs/benchmarks.md records their figures).
 * The foundation has no performance target of its own; the form runtime issue adds the first benchmark here.
 */
console.log('No benchmarks yet: the first one (form runtime rendering) arrives with the form runtime. See docs/benchmarks.md.');
