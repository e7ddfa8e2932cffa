import type { AddressInfo } from "node:net";
import { runHttpConformance } from "@returnkit/core/testing";
import express from "express";
import { returnsRouter } from "./index";

runHttpConformance({
  name: "Express",
  async mount(service, mountPath) {
    const app = express();
    app.get("/health", (_req, res) => {
      res.send("ok");
    });
    app.use(mountPath || "/", returnsRouter(service));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    return {
      // The Host header says shop.example so links match the service's baseUrl.
      request: (path, init) =>
        fetch(`http://127.0.0.1:${port}${path}`, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), host: "shop.example" },
        }),
      close: async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await service.close();
      },
    };
  },
});
