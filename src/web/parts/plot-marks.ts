/**
 * The parts of Observable Plot the charts draw with, in one module the chart imports when it
 * first draws: the bundle keeps only these (a whole-library import would keep all of Plot).
 */
export { barY, lineY, plot, ruleY } from '@observablehq/plot';
