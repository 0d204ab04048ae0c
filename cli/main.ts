import { run } from './program';

// A reader that goes away (`broadside check-engine … | head -1`) ends the command quietly, as
// SIGPIPE ends a C program (exit 128 + 13), instead of an EPIPE stack trace; engines are killed
// by the exit hook (cli/engine/reaper.ts).
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(141);
  });
}

process.exitCode = await run(process.argv);
