/// The gradient tests' hold on a renderer: they draw with colour tables and with Cairo's
/// patterns to compare the two, and count the gradients and tables the frames used.
extension CARenderer {
    /// Whether linear and radial gradients are drawn from colour tables (``GradientRaster``)
    /// rather than Cairo's gradient patterns: true unless a test compares the two.
    package var drawsGradientsFromTables: Bool {
        get { resources.drawsGradients }
        set { resources.drawsGradients = newValue }
    }

    /// How many gradients were drawn from a colour table.
    package var gradientTableFillCount: Int { resources.gradients.fillCount }

    /// How many colour tables were made for those gradients (one per ramp, kept).
    package var gradientTablesMade: Int { resources.gradients.tableFillCount }
}
