/**
 * Schedule monitors (spec 03 Schedules): a monitor watches one data tile's single governed
 * figure and fires when it is above `above` or below `below`. A tile with no governed figure in
 * the run (needs review, failed, withheld) never fires: a monitor reads only what may travel.
 */
import type { ScheduleMonitor } from '../../compiler/types.js';
import type { PageFigure } from '../home/page-figures.js';

export interface MonitorState {
  id: string;
  tile: string;
  fired: boolean;
  /** The figure it read, when the tile had one. */
  value?: number;
  above?: number;
  below?: number;
}

/** Each monitor with whether it fired on `figures`. */
export function checkMonitors(monitors: readonly ScheduleMonitor[], figures: readonly PageFigure[]): MonitorState[] {
  const byTile = new Map(figures.map((f) => [f.tileId, f.value]));
  return monitors.map((m) => {
    const value = byTile.get(m.tile);
    const fired = value !== undefined && ((m.above !== undefined && value > m.above) || (m.below !== undefined && value < m.below));
    return {
      id: m.id,
      tile: m.tile,
      fired,
      ...(value !== undefined ? { value } : {}),
      ...(m.above !== undefined ? { above: m.above } : {}),
      ...(m.below !== undefined ? { below: m.below } : {}),
    };
  });
}
