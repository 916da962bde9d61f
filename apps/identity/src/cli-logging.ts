// Imported first by the CLI: module-level loggers are created on import, and a command-line
// tool keeps stdout for its JSON result, so logs must be pointed at stderr before anything loads.
process.env.DOCKET_LOG_TO_STDERR = '1';
