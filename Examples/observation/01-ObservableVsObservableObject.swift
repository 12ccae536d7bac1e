import Combine
import Observation
// The same screen written with both observation systems. Tapping "Add"
// changes only `count`: with @Observable only the view that reads `count`
// re-renders; with ObservableObject every subscribed view does.
import SwiftUI

@Observable final class Scoreboard {
    var team = "Swifts"
    var count = 0
}

final class LegacyScoreboard: ObservableObject {
    @Published var team = "Swifts"
    @Published var count = 0
}

struct TeamName: View {
    let board: Scoreboard
    var body: some View {
        let _ = Self._printChanges()
        Text(board.team)
    }
}

struct Score: View {
    let board: Scoreboard
    var body: some View {
        let _ = Self._printChanges()
        Text("Score: \(board.count)")
    }
}

struct ScoreboardView: View {
    @State private var board = Scoreboard()
    var body: some View {
        let _ = Self._printChanges()
        VStack {
            TeamName(board: board)
            Score(board: board)
            Button("Add") { board.count += 1 }
        }
    }
}

struct LegacyTeamName: View {
    @ObservedObject var board: LegacyScoreboard
    var body: some View {
        let _ = Self._printChanges()
        Text(board.team)
    }
}

struct LegacyScore: View {
    @ObservedObject var board: LegacyScoreboard
    var body: some View {
        let _ = Self._printChanges()
        Text("Score: \(board.count)")
    }
}

struct LegacyScoreboardView: View {
    @StateObject private var board = LegacyScoreboard()
    var body: some View {
        let _ = Self._printChanges()
        VStack {
            LegacyTeamName(board: board)
            LegacyScore(board: board)
            Button("Add") { board.count += 1 }
        }
    }
}

print("== @Observable ==")
let modern = ViewHost(ScoreboardView())
modern.tap("Add")
modern.tap("Add")
print(modern.snapshot())

print("== ObservableObject ==")
let legacy = ViewHost(LegacyScoreboardView())
legacy.tap("Add")
legacy.tap("Add")
print(legacy.snapshot())

print("== render counts after two taps ==")
print(
    "@Observable:      ScoreboardView=\(modern.renderCount(of: ScoreboardView.self)) TeamName=\(modern.renderCount(of: TeamName.self)) Score=\(modern.renderCount(of: Score.self))"
)
print(
    "ObservableObject: ScoreboardView=\(legacy.renderCount(of: LegacyScoreboardView.self)) TeamName=\(legacy.renderCount(of: LegacyTeamName.self)) Score=\(legacy.renderCount(of: LegacyScore.self))"
)
