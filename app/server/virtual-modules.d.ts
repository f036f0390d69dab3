// React Router's build as its Vite plugin provides it (typed where it is imported, as ServerBuild).
declare module "virtual:react-router/server-build";
