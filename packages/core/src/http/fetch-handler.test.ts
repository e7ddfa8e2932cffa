import { runHttpConformance } from "@returnkit/testing";

// The bare Fetch handler: what Bun, Deno, Workers and any Fetch-API runtime use directly.
runHttpConformance({
  name: "the fetch handler",
  async mount(service) {
    return {
      request: (path, init) => service.fetch(new Request(`https://shop.example${path}`, init)),
      close: () => service.close(),
    };
  },
});
