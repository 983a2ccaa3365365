/**
 * A Jellyfin stand-in serving the large library, in a process of its own as a real server is:
 * what it spends answering does not count against Marquee's main process. Prints its address as
 * one JSON line, and stops when its standard input closes.
 */
import { largeLibrary, startJellyfinStandIn } from '../catalogue';

const server = await startJellyfinStandIn({ library: largeLibrary() });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().finally(() => process.exit(0));
});
