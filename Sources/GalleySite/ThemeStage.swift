import GalleyCore
import GalleyProject
import GalleyRender

/// The theme: `templates/` over the built-in one (the last build's when
/// neither changed).
struct ThemeStage {
    let context: BuildContext

    /// What the stage hands on: the templates, or `nil` with the errors
    /// that keep them from being read (the build goes on to collect the others).
    struct Output {
        var templates: TemplateSet?
        var errors: [Diagnostic] = []
    }

    func run(_ configuration: SiteConfiguration) -> Output {
        if let previous = context.previous, !context.changes.templates { return Output(templates: previous.templates) }
        let layout = context.layout
        do {
            return Output(
                templates: try TemplateSet.load(
                    from: layout.templatesDirectory, displayPath: layout.displayPath(of: layout.templatesDirectory),
                    requiresDirectory: layout.requiresTemplatesDirectory,
                    containment: configuration.containment(layout: layout)
                ))
        } catch {
            return Output(templates: nil, errors: error.diagnostics)
        }
    }
}
