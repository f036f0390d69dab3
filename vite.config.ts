import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is the app's own server (the HTTP edge, its workers, the scripts'
  // calls), which imports React Router's build: one typed bundle for server.mjs to start.
  build: isSsrBuild ? { rollupOptions: { input: "./app/server/index.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
}));
