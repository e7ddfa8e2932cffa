import { runHttpConformance } from "@returnkit/core/testing";
import { Hono } from "hono";
import { returnsApp } from "./index";

runHttpConformance({
  name: "Hono",
  async mount(service, mountPath) {
    // A host app with its own route beside the mounted returns API.
    const app = new Hono();
    app.get("/health", (c) => c.text("ok"));
    app.route(mountPath || "/", returnsApp(service));
    return {
      request: (path, init) => Promise.resolve(app.request(`https://shop.example${path}`, init)),
      close: () => service.close(),
    };
  },
});
