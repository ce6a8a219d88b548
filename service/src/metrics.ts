// Prometheus metrics served at /metrics. Other modules add theirs to the same registry:
//
//   import { Counter } from "prom-client";
//   import { metricsRegistry } from "../metrics";
//   export const failovers = new Counter({ name: "docroute_failovers_total", help: "…",
//     labelNames: ["category"], registers: [metricsRegistry] });
//
// Metrics are created once per process (module scope), so several apps in one test
// process share them; that is fine for counters and histograms.
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "docroute_" });

export const httpRequests = new Counter({
  name: "docroute_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status code.",
  labelNames: ["method", "route", "status"] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: "docroute_http_request_duration_seconds",
  help: "Time from request to response, by method and route pattern.",
  labelNames: ["method", "route"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

export const uploadBytes = new Counter({
  name: "docroute_upload_bytes_total",
  help: "Bytes stored by the embedded storage.",
  registers: [metricsRegistry],
});

export const uploadsSwept = new Counter({
  name: "docroute_uploads_swept_total",
  help: "Grants deleted with their objects by the retention sweep.",
  registers: [metricsRegistry],
});
