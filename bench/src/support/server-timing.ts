/**
 * @module bench/support/server-timing — the server's own view of a run: each request's time
 * from arrival (its headers parsed) to the last byte of its answer handed to the socket, and
 * the main thread's event-loop delay, so a reader can tell the service from the machine.
 */
import type { Server } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { summarize } from "./stats";

export interface ServerTimes {
  requests: number;
  /** Arrival to finish, ms. */
  p50: number;
  p99: number;
  max: number;
  /** Event-loop delay of the main thread, ms (sampled every 10 ms). */
  loopP50: number;
  loopP99: number;
  loopMax: number;
}

/** Starts timing every request `server` serves; `take()` returns the figures since the last. */
export function timeRequests(server: Server): { take(): ServerTimes } {
  let durations: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  server.prependListener("request", (_request, response) => {
    const arrived = performance.now();
    response.once("finish", () => durations.push(performance.now() - arrived));
  });
  return {
    take() {
      const { p50, p99, max } = summarize(durations);
      const times: ServerTimes = {
        requests: durations.length,
        p50,
        p99,
        max,
        loopP50: loop.percentile(50) / 1e6,
        loopP99: loop.percentile(99) / 1e6,
        loopMax: loop.max / 1e6,
      };
      durations = [];
      loop.reset();
      return times;
    },
  };
}
