/**
 * @module bench/support/cpu-meter — CPU time spent by this process and by the local
 * PostgreSQL server's processes over a stretch of work.
 *
 * Both share the machine's cores, so a statement's cost shows up on both sides; the
 * PostgreSQL side is read from /proc (Linux, server on this machine), and is null where that
 * is not possible (no /proc, or no postgres process visible to us).
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU ms used so far by every process named postgres, or null when none can be read. */
function postgresCpuMs(): number | null {
  let ticks = 0;
  let seen = 0;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  for (const pid of pids) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres")) continue;
      // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
      seen++;
    } catch {
      // The process ended between listing and reading: it no longer counts.
    }
  }
  return seen > 0 ? (ticks * 1000) / TICKS_PER_SECOND : null;
}

export interface CpuUse {
  /** µs of this process's CPU per operation. */
  nodeMicros: number;
  /** µs of the PostgreSQL server's CPU per operation, when measurable. */
  postgresMicros: number | null;
}

/** Starts measuring; call the result with the number of operations done to get per-op figures. */
export function startCpuMeter(): (operations: number) => CpuUse {
  const node = process.cpuUsage();
  const postgres = postgresCpuMs();
  return (operations) => {
    const used = process.cpuUsage(node);
    const postgresNow = postgresCpuMs();
    return {
      nodeMicros: (used.user + used.system) / operations,
      postgresMicros:
        postgres === null || postgresNow === null
          ? null
          : ((postgresNow - postgres) * 1000) / operations,
    };
  };
}
