// Imported first by benchmarks that reuse the e2e test helpers: those resolve the stack they
// talk to from DOCKET_TEST_PROFILE when they load, so it must be set before anything else.
process.env.DOCKET_TEST_PROFILE ??= 'sandbox4';
