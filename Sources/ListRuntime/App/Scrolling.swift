import ListLanguage
import ListModel

extension Interpreter {
    /// `scroll PATH`: `scrollToRow(at:at:animated:)` (`scrollToItem(at:at:animated:)` in a collection view).
    /// The view checks PATH against its own counts and raises UIKit's text for a row or section it does not
    /// have (`TableModel.checkScroll`); then it asks the data source for that row's cell, as it asks for a row
    /// scrolled into view. A row the data source no longer has, its counts stale, is the app's own crash.
    /// Every cell stays as it is: ListDSL keeps each row on screen.
    func execScroll(_ pathExpr: Expr) throws(ScriptError) {
        let path = try indexPath(pathExpr)
        called(.scrollToRow(path))
        do { try model.checkScroll(to: path) } catch { throw modelFailure(error, at: pathExpr.range) }
        let data = model.dataSource
        guard path.section < data.count, path.row < data[path.section].rows.count else {
            let rows = path.section < data.count ? data[path.section].rows.count : nil
            throw failure(pathExpr.range, .scrolledToStaleRow(path, view: model.view, rows: rows))
        }
        if tracesCalls { askCells([path]) }
    }
}
