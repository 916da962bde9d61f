import { Agent, setGlobalDispatcher } from 'undici';

/*
 * Test processes drop an idle keep-alive connection after 10 s, far inside the gateway's 72 s.
 * By default the client keeps one until two seconds before the server's announced timeout; a
 * test that blocks its event loop for longer than that (building a zip bomb) then sends
 * its next request on a connection the server has already closed, and a POST fails with "other
 * side closed". Any HTTP client must leave such a margin; this one is the tests'.
 */
setGlobalDispatcher(new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 10_000 }));
