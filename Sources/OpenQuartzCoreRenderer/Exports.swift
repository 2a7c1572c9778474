// Text is measured as the renderer draws it (`TextMetrics`); the renderer's users keep seeing
// it where they always have.
@_exported import TextMeasurement
